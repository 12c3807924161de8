/** Private images (handover photos, the customer's licence) shown with the driver's token. */
import { createObjectImageLoader } from "../../lib/objectImage.ts";
import { driverToken, driverTokenStore } from "../session/store.ts";

export const { useObjectImage: useDriverImage } = createObjectImageLoader(driverToken, (listener) => driverTokenStore.subscribe(listener));
