import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { SIGNED_OUT, signedIn, SITE } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { MemoryRouter } from 'react-router-dom';
import { MenuProvider, useMenus } from './menu-context';
import { userMenuVariantFor } from './user-menu';

function setViewport(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
}

afterEach(() => {
  setViewport(1024);
  Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
});

async function ready() {
  await waitFor(() => expect(screen.queryByText('Launching the site')).not.toBeInTheDocument());
  return within(document.querySelector<HTMLElement>('header.site-header')!);
}

describe('mobile menu', () => {
  it('slides in the section links with their active rules, and toggles closed', async () => {
    const user = userEvent.setup();
    await renderApp({ path: '/journal' });
    await ready();
    const button = screen.getByRole('button', { name: 'Menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    const panel = await screen.findByRole('dialog', { name: 'Menu' });
    const links = within(panel).getAllByRole('link').slice(0, 6);
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['Build', '/build'],
      ['Learn', '/learn'],
      ['Write', '/write'],
      ['Now', '/now'],
      ['Start Here', '/start'],
    ]);
    expect(within(panel).getByRole('link', { name: 'Write' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(panel).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('links only to the sections a new site has: no Now, Build or Learn that would 404', async () => {
    const user = userEvent.setup();
    // As `pnpm content init` makes it: the start page and one post in Write.
    const starter = { build: false, learn: false, write: true, now: false, start: true };
    await renderApp({
      routes: { ...SIGNED_OUT, 'GET /api/site': { body: { ...SITE, sections: starter } } },
    });
    const header = await ready();
    const row = within(header.getByRole('navigation', { name: 'Main' }));
    expect(row.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Write',
      'Start Here',
    ]);
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const panel = within(await screen.findByRole('navigation', { name: 'Sections' }));
    expect(panel.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Home',
      'Write',
      'Start Here',
    ]);
  });

  it('holds the social drawer: four profiles opening in a new tab', async () => {
    const user = userEvent.setup();
    await renderApp({ path: '/projects' });
    await ready();
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const panel = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(panel).getByRole('link', { name: 'Build' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const drawer = within(panel).getByRole('button', { name: 'Elsewhere' });
    await user.click(drawer);
    expect(drawer).toHaveAttribute('aria-expanded', 'true');
    const social = ['X (Twitter)', 'GitHub', 'LinkedIn', 'Instagram'].map((name) =>
      within(panel).getByRole('link', { name: new RegExp(name.replace(/[()]/g, '\\$&')) }),
    );
    for (const link of social) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener');
    }
  });

  it('keeps Mastodon and Bluesky out of the drawer, and in the footer with rel="me"', async () => {
    const user = userEvent.setup();
    const elsewhere = [
      { network: 'mastodon', label: 'Mastodon', url: 'https://mastodon.social/@rowan' },
      { network: 'bluesky', label: 'Bluesky', url: 'https://bsky.app/profile/rowan.example' },
    ] as const;
    await renderApp({
      path: '/build',
      routes: {
        ...SIGNED_OUT,
        'GET /api/site': {
          body: { ...SITE, socialProfiles: [...SITE.socialProfiles, ...elsewhere] },
        },
      },
    });
    await ready();
    const footer = document.querySelector<HTMLElement>('footer.site-footer')!;
    expect(await within(footer).findByRole('link', { name: 'Mastodon' })).toHaveAttribute(
      'rel',
      'me noopener',
    );
    expect(within(footer).getByRole('link', { name: 'Bluesky' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const panel = await screen.findByRole('dialog', { name: 'Menu' });
    await user.click(within(panel).getByRole('button', { name: 'Elsewhere' }));
    expect(within(panel).getByRole('link', { name: /GitHub/ })).toBeInTheDocument();
    expect(within(panel).queryByRole('link', { name: /Mastodon|Bluesky/ })).toBeNull();
  });

  it('changes look after 130 px of scroll', async () => {
    await renderApp();
    await ready();
    const button = screen.getByRole('button', { name: 'Menu' });
    expect(button).not.toHaveClass('menu-button--scrolled');
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 130 });
    act(() => void window.dispatchEvent(new Event('scroll')));
    expect(button).not.toHaveClass('menu-button--scrolled');
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 131 });
    act(() => void window.dispatchEvent(new Event('scroll')));
    expect(button).toHaveClass('menu-button--scrolled');
  });
});

describe('user menu', () => {
  it('chooses its variant from the viewport', () => {
    expect(userMenuVariantFor(1280)).toBe('dropdown');
    expect(userMenuVariantFor(1024)).toBe('dropdown');
    expect(userMenuVariantFor(800)).toBe('sidebar');
    expect(userMenuVariantFor(390)).toBe('overlay');
  });

  it('dropdown: first four items and Sign Out; Escape and outside clicks close it', async () => {
    setViewport(1280);
    const user = userEvent.setup();
    await renderApp({ routes: signedIn() });
    const header = await ready();
    const account = await header.findByRole('button', { name: 'Account menu' });
    await user.click(account);
    const menu = await screen.findByRole('dialog', { name: 'Ada Lovelace' });
    expect(menu).toHaveStyle({ width: '448px' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/members/dashboard', '/members/profile', '/members/account', '/members/bookmarks']);
    expect(within(menu).getByText('Member · Subscriber')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(account).toHaveFocus();
    await user.click(account);
    await screen.findByRole('dialog', { name: 'Ada Lovelace' });
    fireEvent.mouseDown(document.querySelector('main')!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('sidebar: every active member item, and the mobile button steps aside', async () => {
    setViewport(800);
    const user = userEvent.setup();
    await renderApp({ routes: signedIn() });
    const header = await ready();
    await user.click(await header.findByRole('button', { name: 'Account menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Ada Lovelace' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'DashboardYour overview',
      'ProfileYour public profile',
      'AccountSign-in methods, newsletter and account',
      'BookmarksPosts you saved',
      'DiscussionsConversations with other members',
      'EventsUpcoming events',
      'MembersThe member directory',
    ]);
    expect(screen.queryByRole('button', { name: 'Menu' })).not.toBeInTheDocument();
  });

  it('overlay: a dashboard button to /dashboard; Sign Out posts logout and goes home', async () => {
    setViewport(390);
    const user = userEvent.setup();
    const { calls, routes } = await renderApp({ path: '/members/profile', routes: signedIn() });
    routes['POST /api/auth/logout'] = { body: { success: true, message: 'bye' } };
    const header = await ready();
    await user.click(await header.findByRole('button', { name: 'Account menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Ada Lovelace' });
    expect(within(menu).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    routes['GET /api/auth/session'] = {
      body: { success: true, authenticated: false, session: null },
    };
    await user.click(within(menu).getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(calls.some((call) => call.method === 'POST' && call.path === '/api/auth/logout')).toBe(
      true,
    );
    expect(await header.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it.each([
    [1280, 'dropdown'],
    [800, 'sidebar'],
    [390, 'overlay'],
  ])(
    "at %i px (%s) calls the owner by site.yml's name and leads to the Console and Write",
    async (width) => {
      setViewport(width);
      const user = userEvent.setup();
      // Signed in by ADMIN_EMAILS with a magic link: no name of their own.
      await renderApp({
        routes: signedIn({ role: 'admin', name: null, email: 'mara@example.com' }),
      });
      const header = await ready();
      await user.click(await header.findByRole('button', { name: 'Account menu' }));
      const menu = await screen.findByRole('dialog', { name: SITE.owner.name });
      expect(within(menu).getByText('Administrator')).toBeInTheDocument();
      expect(within(menu).getByRole('link', { name: /^Console/ })).toHaveAttribute(
        'href',
        '/members/admin',
      );
      expect(within(menu).getByRole('link', { name: /^Write/ })).toHaveAttribute(
        'href',
        '/members/admin/writing',
      );
    },
  );

  it('gives a member no staff links', async () => {
    setViewport(390);
    const user = userEvent.setup();
    await renderApp({ routes: signedIn() });
    const header = await ready();
    await user.click(await header.findByRole('button', { name: 'Account menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Ada Lovelace' });
    expect(within(menu).queryByRole('link', { name: /Console|Write|Moderation/ })).toBeNull();
  });

  it('one global active menu: opening another switches, toggling the same one closes', async () => {
    const user = userEvent.setup();
    function Probe() {
      const { active, toggle } = useMenus();
      return (
        <>
          <output data-testid="active">{active}</output>
          <button type="button" onClick={() => toggle('mobile')}>
            mobile
          </button>
          <button type="button" onClick={() => toggle('user')}>
            user
          </button>
          <button type="button" onClick={() => toggle('blog')}>
            blog
          </button>
        </>
      );
    }
    render(
      <MemoryRouter>
        <MenuProvider>
          <Probe />
        </MenuProvider>
      </MemoryRouter>,
    );
    const active = screen.getByTestId('active');
    expect(active).toHaveTextContent('none');
    await user.click(screen.getByRole('button', { name: 'mobile' }));
    expect(active).toHaveTextContent('mobile');
    await user.click(screen.getByRole('button', { name: 'user' }));
    expect(active).toHaveTextContent('user');
    await user.click(screen.getByRole('button', { name: 'blog' }));
    expect(active).toHaveTextContent('blog');
    await user.click(screen.getByRole('button', { name: 'blog' }));
    expect(active).toHaveTextContent('none');
  });
});
