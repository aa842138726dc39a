import { resourceController } from '#libs/platform/src/resources/resource-ports.js';
import { BIOS } from './bio-resource.js';

/** Expert and writer bios of a website: the resource framework's routes with the bio kind (bio-resource.ts). */
export const BiosController = resourceController('bios', BIOS);
