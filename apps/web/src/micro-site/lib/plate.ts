/**
 * Contracts' vehicle plate rule (spec §5), loaded only once a plate is typed: its module builds a zod
 * schema at load, and zod is ~26 KB gzipped that a form without a plate never needs. Until it has
 * arrived the plate counts as valid; the server applies the same rule on sign-up either way.
 */
let rule: ((plate: string) => boolean) | null = null;
let loading: Promise<(plate: string) => boolean> | null = null;

export const loadPlateRule = () => {
  loading ??= import('@avlu/contracts').then(({ isValidPlate }) => {
    rule = isValidPlate;
    return isValidPlate;
  });
  return loading;
};

/** Whether the plate is valid by contracts' rule; true while the rule is not loaded yet. */
export const plateLooksValid = (plate: string) => (rule ? rule(plate) : true);
