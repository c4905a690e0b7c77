/// <reference types="vite/client" />

/** jQuery is loaded only for Payple's payment window script (features/billing/lib/payple-window.ts). */
declare module 'jquery';
