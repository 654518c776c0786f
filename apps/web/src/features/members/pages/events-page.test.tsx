import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { event, memberRoutes, preloadMembersArea } from '../testing/fixtures';

beforeAll(preloadMembersArea, 30_000);

describe('events', () => {
  it('shows when and where in the event time zone, takes an RSVP and offers the .ics file', async () => {
    const user = userEvent.setup();
    let current = event();
    await renderApp({
      path: '/members/events',
      routes: memberRoutes('member', {
        'GET /api/events': () => ({ body: { success: true, events: [current] } }),
        'PUT /api/events/3/rsvp': () => {
          current = { ...current, going: true, goingCount: 3 };
          return { body: { success: true, event: current } };
        },
      }),
    });
    expect(await screen.findByRole('heading', { name: 'Reading night' })).toBeInTheDocument();
    expect(screen.getByText('Tue, 10 Mar 2026, 19:00 GMT')).toBeInTheDocument();
    expect(screen.getByText('The library')).toBeInTheDocument();
    expect(screen.getByText('2 members going')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Add to calendar/ })).toHaveAttribute(
      'href',
      '/api/events/3/ics',
    );
    await user.click(screen.getByRole('button', { name: 'RSVP for Reading night' }));
    expect(await screen.findByText('You are going. See you there!')).toBeInTheDocument();
    expect(await screen.findByText('3 members going')).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Cancel My RSVP for Reading night' }),
    ).toHaveAttribute('aria-pressed', 'true');
  });

  it('marks cancelled events and offers no RSVP for them', async () => {
    await renderApp({
      path: '/members/events',
      routes: memberRoutes('member', {
        'GET /api/events': { body: { success: true, events: [event({ status: 'cancelled' })] } },
      }),
    });
    expect(await screen.findByText('Cancelled')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /RSVP/ })).not.toBeInTheDocument();
  });

  it('lets a subscriber-level account read but not RSVP', async () => {
    await renderApp({
      path: '/members/events',
      routes: memberRoutes('subscriber', {
        'GET /api/events': { body: { success: true, events: [event()] } },
      }),
    });
    expect(await screen.findByRole('heading', { name: 'Reading night' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /RSVP/ })).not.toBeInTheDocument();
  });
});
