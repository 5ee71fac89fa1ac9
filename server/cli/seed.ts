import { loadConfig } from '../config';
import { openDatabaseForCommand } from './open-database';
import { isCatalogEmpty, seedCatalog } from '../../seed/seed-catalog';
import { isBlogEmpty, seedBlog } from '../../seed/seed-blog';
import { seedDemoOrders } from '../../seed/seed-orders';

/** `npm run seed`: migrates, then seeds an empty database. A seeded one is left as it is. */
const config = loadConfig();
const database = await openDatabaseForCommand(config, 'the seed (npm run seed)', {
  notDone: 'Nothing was seeded.',
  command: 'npm run seed',
  besideLiveShop: true,
});
try {
  console.log(`Using ${database.label}`);
  console.log('Applying migrations…');
  await database.migrate();
  if (await isCatalogEmpty(database.db)) {
    await seedCatalog(database.db, {
      drawAllPictures: true,
      uploadDir: config.uploadDir,
      onProgress: (message) => console.log(message),
    });
    console.log('Seeding demo customers and orders');
    await seedDemoOrders(database.db, { publicUrl: config.publicUrl });
    await seedBlog(database.db, {
      uploadDir: config.uploadDir,
      onProgress: (message) => console.log(message),
    });
  } else if (await isBlogEmpty(database.db)) {
    console.log('The database already holds a catalog; adding the Journal posts.');
    await seedBlog(database.db, {
      uploadDir: config.uploadDir,
      onProgress: (message) => console.log(message),
    });
  } else {
    console.log('The database already holds a catalog; nothing to seed.');
  }
} finally {
  await database.close();
}
