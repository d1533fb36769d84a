export default {
  fields: { province: 'Province', district: 'District', locality: 'Neighbourhood' },
  chooseProvince: 'Choose a province first',
  chooseDistrict: 'Choose a district first',
  noOptions: 'No matches',
  loading: 'Loading…',
};
