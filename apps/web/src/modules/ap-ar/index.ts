/*
 * Payables and receivables screens (issue 15), for the page registry: the kit's generic list and
 * form of each party entity (groups, parties, payment terms of both faces, and the address book).
 */
import type { ComponentType } from 'react';

type PageLoader = () => Promise<{ default: ComponentType }>;

const partyPage =
  (link: string): PageLoader =>
  async () => ({ default: (await import('./pages/PartyPages')).partyPages[link]! });

/**
 * The routes of the kit's generic lists, in the order of apArEntities (contracts ap-ar/parties.ts).
 * Written out because the entity definitions build their zod schemas when loaded and the router
 * reads this list on the first load of every page; a test keeps the two equal.
 */
export const apArPageLinks = [
  '/addresses',
  '/vendor-payment-term',
  '/vendor-group',
  '/vendor',
  '/customer-payment-term',
  '/customer-group',
  '/customer',
] as const;

/** Lazy loaders of the payables and receivables screens, by route. */
export const apArPages: Readonly<Record<string, PageLoader>> = Object.fromEntries(apArPageLinks.map((link) => [link, partyPage(link)]));
