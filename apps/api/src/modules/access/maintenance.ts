import type { Role } from '@limelight/contracts';

/**
 * Who may use the site while maintenance mode is on (decisions 005 and 037): admins only, so
 * that they can switch it off again. A fan or creator who was already signed in is held out
 * like anyone else.
 */
export const passesMaintenance = (user: { role: Role } | undefined | null) => user?.role === 'admin';
