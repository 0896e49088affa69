/** Leaves the site for the provider's pay page in the same tab (an object, so tests can watch it). */
export const payPage = {
  open(url: string) {
    window.location.assign(url);
  },
};
