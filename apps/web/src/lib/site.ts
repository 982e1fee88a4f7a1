// The broadcaster's own addresses, shown in the footer and the about page's contact section.

export const contactEmail = 'info@efir.example';
export const appStoreUrl = 'https://apps.apple.com/ru/app/efir/id0000000000';
export const googlePlayUrl = 'https://play.google.com/store/apps/details?id=example.efir';
export const externalUrl = 'https://vk.com/efir';
export const copyrightStartYear = 2003;
