/**
 * Game icons, banners and promotion images come from one of the operator's image CDNs
 * (`info.imageCDNs` of the system status), picked at random once per page load so players spread
 * over them; with no CDN listed they come from this site. Image paths from the API are relative
 * (`/wps/img/…`), so any CDN that mirrors the site serves them.
 */
let cdn = '';
let chosenFrom: readonly string[] | undefined;

/** Called whenever the status arrives; keeps the current pick while the list is unchanged. */
export function setImageCdns(cdns: readonly string[]) {
  if (chosenFrom && chosenFrom.join() === cdns.join()) return;
  chosenFrom = [...cdns];
  const picked = cdns[Math.floor(Math.random() * cdns.length)] ?? '';
  cdn = picked.replace(/\/+$/, '');
}

/** The address to load an image from: absolute URLs as given, relative ones from the CDN. */
export function imageUrl(path: string): string {
  if (!path || /^(https?:)?\/\//.test(path) || path.startsWith('data:')) return path;
  return `${cdn}${path.startsWith('/') ? '' : '/'}${path}`;
}
