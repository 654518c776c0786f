/** The id of the router's data element; apart so src/main.tsx can look for it without the router. */
export const ROUTE_DATA_ELEMENT_ID = 'route-data';
