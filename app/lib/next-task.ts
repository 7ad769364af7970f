/** Resolves in a later task: work split by it lets the browser answer a tap in between. */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
