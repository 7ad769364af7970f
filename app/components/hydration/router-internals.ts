import { type Context, createElement, type ReactNode, useContext } from 'react';
import {
  UNSAFE_DataRouterContext as DataRouterContext,
  UNSAFE_DataRouterStateContext as DataRouterStateContext,
  UNSAFE_FetchersContext as FetchersContext,
  UNSAFE_FrameworkContext as FrameworkContext,
  UNSAFE_LocationContext as LocationContext,
  UNSAFE_NavigationContext as NavigationContext,
  UNSAFE_RouteContext as RouteContext,
  UNSAFE_ViewTransitionContext as ViewTransitionContext,
} from 'react-router';

/**
 * The one place Encore reaches into React Router's internals (its UNSAFE_ exports). A part
 * hydrated on use is a React root of its own, so the router's contexts are handed on to it
 * by hand; and the app shell asks the router to run a page's loader ahead of a click (ADR
 * 0036) without the fetcher code a public hook would add to every page. router-internals.test.ts
 * fails when an upgrade of React Router renames, removes or stops providing any of them.
 */
export const BRIDGED_CONTEXTS = {
  DataRouterContext,
  DataRouterStateContext,
  FetchersContext,
  FrameworkContext,
  LocationContext,
  NavigationContext,
  RouteContext,
  ViewTransitionContext,
} as Record<string, Context<unknown>>;

// In the order useRouterContexts reads them (the object's own order).
const BRIDGED = Object.values(BRIDGED_CONTEXTS);

/** The router's context values where this renders, in BRIDGED's order. */
export function useRouterContexts(): unknown[] {
  return [
    useContext(DataRouterContext),
    useContext(DataRouterStateContext),
    useContext(FetchersContext),
    useContext(FrameworkContext),
    useContext(LocationContext),
    useContext(NavigationContext),
    useContext(RouteContext),
    useContext(ViewTransitionContext),
  ];
}

/** `child` under providers of the values useRouterContexts read. */
export function bridge(values: unknown[], child: ReactNode): ReactNode {
  return BRIDGED.reduceRight<ReactNode>(
    (inner, context, index) => createElement(context.Provider, { value: values[index] }, inner),
    child,
  );
}

/** The data router of the page (for `router.fetch`), or undefined outside one. */
export function useDataRouter() {
  return useContext(DataRouterContext)?.router;
}
