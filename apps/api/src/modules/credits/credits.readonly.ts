import { columnsOf, viewBuilder } from '../../db/read-only';
import { creditGrants } from '../../db/schema/credits';

/**
 * What the credits module lends other modules' queries to join (decision 055), read-only: the
 * credit grants, every column. Billing lists a member's grants with the payment that bought each.
 */
export const creditGrantsView = viewBuilder.select().from(creditGrants).as('credit_grants');
/** A grant's row read through the view, for `select({ grant: creditGrantColumns })`. */
export const creditGrantColumns = columnsOf(creditGrants, creditGrantsView);
