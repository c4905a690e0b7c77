/** The only reader of import.meta.env. */
export const env = {
  dev: import.meta.env.DEV,
};
