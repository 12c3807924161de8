/** Customer documents for admins: private objects fetched with the admin token (lib/objectImage.ts). */
import { createObjectImageLoader } from "../../lib/objectImage.ts";
import { adminToken, adminTokenStore } from "../session/store.ts";

export const { useObjectImage: useAdminObjectImage } = createObjectImageLoader(adminToken, adminTokenStore.subscribe);
