/** The path's last segment names a file (`/favicon.svg`, `/_astro/x.js`); pages' addresses have no dot. */
const FILE_NAME = /\/[^/]*\.[^/]*$/;

/** Whether an address (its query and fragment aside) may name a built file rather than a page. */
export const namesFile = (url: string) => FILE_NAME.test(url.split(/[?#]/, 1)[0] ?? '/');
