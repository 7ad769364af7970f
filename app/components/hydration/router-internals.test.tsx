import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider, useLoaderData, useLocation, useNavigation, useParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { BRIDGED_CONTEXTS, bridge, useDataRouter, useRouterContexts } from './router-internals';

/**
 * What the hydration machinery takes from React Router's internals. These fail when an upgrade
 * renames or removes one of the UNSAFE_ exports, or when the public hooks a part uses come to
 * read a context that is not handed on to the part's own root.
 */
let captured: unknown[] = [];
let router: ReturnType<typeof useDataRouter>;

/** A page of the router: what the hydration machinery reads where a part is rendered. */
function Page() {
  captured = useRouterContexts();
  router = useDataRouter();
  return null;
}

/** What a part renders in its own root: public hooks only. */
function Part() {
  const location = useLocation();
  const params = useParams();
  const data = useLoaderData() as { name: string };
  const navigation = useNavigation();
  return <p>{[location.pathname, params.id, data.name, navigation.state].join('|')}</p>;
}

describe("React Router's internals used by parts hydrated on use", () => {
  it('are all exported, and each is a React context', () => {
    expect(Object.keys(BRIDGED_CONTEXTS)).toHaveLength(8);
    for (const [name, context] of Object.entries(BRIDGED_CONTEXTS)) {
      expect(context, name).toBeDefined();
      expect((context as unknown as { $$typeof: symbol }).$$typeof, name).toBe(Symbol.for('react.context'));
    }
  });

  it('carry a data router page to another root: its location, params, data and navigation state', () => {
    const memory = createMemoryRouter(
      [{ path: '/events/:id', loader: () => ({ name: 'Tidewalkers' }), Component: Page }],
      { initialEntries: ['/events/Ze1'], hydrationData: { loaderData: { '0': { name: 'Tidewalkers' } } } },
    );
    renderToString(<RouterProvider router={memory} />);

    const names = Object.keys(BRIDGED_CONTEXTS);
    const provided = Object.fromEntries(names.map((name, i) => [name, captured[i] != null]));
    // Framework mode adds FrameworkContext; a plain data router provides the rest.
    expect(provided).toMatchObject({
      DataRouterContext: true,
      DataRouterStateContext: true,
      FetchersContext: true,
      LocationContext: true,
      NavigationContext: true,
      RouteContext: true,
    });
    expect(typeof router?.fetch).toBe('function');
    expect(router?.state.location.pathname).toBe('/events/Ze1');

    const part = renderToString(bridge(captured, <Part />) as ReactNode);
    expect(part).toContain('/events/Ze1|Ze1|Tidewalkers|idle');
  });
});
