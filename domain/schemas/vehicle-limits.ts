// Ceilings of a vehicle's fields, shared by the admin and the dealership forms.

/** A make or a model ("Mercedes-Benz", "Polo Vivo 1.4 Trendline"). */
export const MAKE_MODEL_MAX_LENGTH = 60;
/** A registration number or licence plate ("CA 123-456", a personalised "WP 1234 GP"). */
export const PLATE_MAX_LENGTH = 20;
/** One feature of the admin form ("Air conditioning"), and how many a car lists. */
export const FEATURE_MAX_LENGTH = 60;
export const MAX_FEATURES = 30;
/** A photo reference: an /objects/ path, an upload link (about 310 characters) or an http(s) URL. */
export const IMAGE_REF_MAX_LENGTH = 1000;
/** An odometer can show: as the driver's checklist allows (and well inside a 32-bit column). */
export const MAX_MILEAGE_KM = 2_000_000;
