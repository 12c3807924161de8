/**
 * The customer's own uploaded images (see lib/objectImage.ts): fetched with the customer token
 * and shown from blob: URLs; forgotten whenever the customer token changes.
 */
import { createObjectImageLoader } from "../../lib/objectImage.ts";
import { customerToken, subscribeCustomerToken } from "../../lib/session.ts";

export const { useObjectImage } = createObjectImageLoader(customerToken, subscribeCustomerToken);
