/** Every table of every module: the drizzle schema of the Database type and of drizzle-kit. */
export * from '../modules/admins/admins.tables';
export * from '../modules/locations/locations.tables';
