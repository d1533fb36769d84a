/**
 * Turkish addresses (spec §3 "Address lookups", §4 cascade, §7 "Address"):
 *
 * ```tsx
 * <AddressFields />                                   // customer_province / _district / _locality of the form
 * <AddressFields names={{ province: 'filter.province', district: 'filter.district', locality: 'filter.locality' }} />
 * const { cities, towns, neighborhoods } = useAddressChain(province, district); // for filter builders
 * ```
 */
export { type AddressFieldNames, AddressFields, type AddressFieldsProps } from './AddressFields';
export { foldTurkish, matchesFolded } from './fold';
export {
  fetchCities,
  fetchNeighborhoods,
  fetchTowns,
  geoKeys,
  idByName,
  type Named,
  useAddressChain,
  useCities,
  useNeighborhoods,
  useTowns,
} from './geo.resource';
