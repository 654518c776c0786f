import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
// The app's own module, as every 'react-router-dom' import resolves to it (vite.config.ts).
import { Link, MemoryRouter, NavLink, Route, Routes, useLocation } from './router';

function Where() {
  const location = useLocation();
  return (
    <output data-testid="where" data-state={JSON.stringify(location.state ?? null)}>
      {location.pathname + location.search + location.hash}
    </output>
  );
}

function renderAt(path: string, ui: React.ReactNode) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="*" element={ui} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

describe('Link', () => {
  it('renders the href and navigates in the app on a plain click, with state', () => {
    renderAt(
      '/',
      <Link to="/blog?x=1#top" state={{ from: 'home' }}>
        Blog
      </Link>,
    );
    const link = screen.getByRole('link', { name: 'Blog' });
    expect(link).toHaveAttribute('href', '/blog?x=1#top');
    fireEvent.click(link);
    expect(screen.getByTestId('where')).toHaveTextContent('/blog?x=1#top');
    expect(screen.getByTestId('where').dataset.state).toBe('{"from":"home"}');
  });

  it('leaves modified clicks and other targets to the browser', () => {
    renderAt(
      '/',
      <>
        <Link to="/a">A</Link>
        <Link to="/b" target="_blank">
          B
        </Link>
      </>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'A' }), { metaKey: true });
    fireEvent.click(screen.getByRole('link', { name: 'B' }));
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
  });

  it('runs onClick first and respects preventDefault', () => {
    renderAt(
      '/',
      <Link to="/a" onClick={(event) => event.preventDefault()}>
        A
      </Link>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'A' }));
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
  });

  it('resolves relative paths, by route or by URL path', () => {
    renderAt(
      '/posts/one',
      <>
        <Link to="two">By route</Link>
        <Link to="../two" relative="path">
          Two
        </Link>
      </>,
    );
    // A splat route resolves from its whole matched path (react-router 7).
    expect(screen.getByRole('link', { name: 'By route' })).toHaveAttribute(
      'href',
      '/posts/one/two',
    );
    expect(screen.getByRole('link', { name: 'Two' })).toHaveAttribute('href', '/posts/two');
  });

  it('treats a same-origin absolute URL as an app path and another origin as external', () => {
    renderAt(
      '/',
      <>
        <Link to={`${window.location.origin}/now?y=2`}>Now</Link>
        <Link to="https://example.org/elsewhere">Elsewhere</Link>
      </>,
    );
    expect(screen.getByRole('link', { name: 'Now' })).toHaveAttribute('href', '/now?y=2');
    const external = screen.getByRole('link', { name: 'Elsewhere' });
    expect(external).toHaveAttribute('href', 'https://example.org/elsewhere');
    fireEvent.click(screen.getByRole('link', { name: 'Now' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/now?y=2');
  });
});

describe('NavLink', () => {
  it('marks the current path and its descendants active, with aria-current', () => {
    renderAt(
      '/members/profile/edit',
      <>
        <NavLink to="/members/profile" className="tab">
          Profile
        </NavLink>
        <NavLink to="/members" end className="tab">
          Home
        </NavLink>
        <NavLink to="/members/pro">Prefix only</NavLink>
      </>,
    );
    const profile = screen.getByRole('link', { name: 'Profile' });
    expect(profile).toHaveClass('tab', 'active');
    expect(profile).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Prefix only' })).not.toHaveClass('active');
  });

  it('passes isActive to className, style and children functions', () => {
    renderAt(
      '/a',
      <NavLink
        to="/a"
        className={({ isActive }) => (isActive ? 'on' : 'off')}
        style={({ isActive }) => ({ fontWeight: isActive ? 700 : 400 })}
      >
        {({ isActive, isPending }) => `A ${isActive} ${isPending}`}
      </NavLink>,
    );
    const link = screen.getByRole('link', { name: 'A true false' });
    expect(link).toHaveClass('on');
    expect(link).toHaveStyle({ fontWeight: '700' });
  });
});
