import svg from '../../public/favicon.svg?raw';

/**
 * The site's icon as a data address, written into every page by the root (ADR 0039): asked
 * for as /favicon.svg, it held one of a browser's six connections from the load event for a
 * round trip, while a first tap's code waited for one. The file still answers for pages
 * rendered without the root's data (error pages) and for anyone who asks for it.
 */
export const FAVICON = `data:image/svg+xml,${encodeURIComponent(svg.trim())}`;
