// The web's route table (decision 054): the contracts' endpoint tables as method and path, one
// export per table in `route-tables.gen.ts` (written by `npm run gen:routes`), named here as one
// namespace so a bundle keeps only the tables its code uses.
export * as routes from './route-tables.gen';
