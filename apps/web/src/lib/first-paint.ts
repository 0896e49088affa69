/**
 * The server's static first paint of a page (home: the header's bars and the first banner, in
 * the HTML before any script runs; see index.html). It lies over the page while the app's code
 * loads and lays itself out beneath it, and goes in the same frame as home's first commit (or
 * when the app shows anything else), so nothing blinks or shifts: the boot spinner stays hidden
 * meanwhile, the first screen does not slide in, and the banner carousel shows the same picture
 * until its own data is in.
 */
const element = typeof document === 'undefined' ? null : document.getElementById('first-paint');

/** The picture the first paint shows (home: the first banner), if any. */
export const firstPaintImage = element?.querySelector('img')?.getAttribute('src') ?? undefined;

export function firstPaintShown(): boolean {
  return element?.isConnected ?? false;
}

/** The app's own screen (or its error page) is in place: the stand-in goes. */
export function removeFirstPaint() {
  element?.remove();
}
