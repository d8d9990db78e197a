/**
 * The Cache Storage cache that keeps the images of downloaded quizzes (flags), shared by the
 * page, which fills it when a quiz is downloaded, and the service worker, which answers
 * image requests from it (web/service-worker/sw.ts).
 */
export const PACK_IMAGE_CACHE = 'quizquest-pack-images';

/** Same-origin image paths the service worker answers from that cache. */
export const isPackImagePath = (pathname: string): boolean => pathname.startsWith('/flags/');
