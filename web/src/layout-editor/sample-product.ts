/**
 * The placeholder of a ProductsComponent's codes (document 1 §9: 'a sample product code'; the
 * value is not given, so it is configuration: VITE_SAMPLE_PRODUCT_CODE, a demo product by default).
 */
export const SAMPLE_PRODUCT_CODE: string = import.meta.env.VITE_SAMPLE_PRODUCT_CODE || '10437899';
