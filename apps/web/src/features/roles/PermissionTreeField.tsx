import type { MenuItemNode } from '@avlu/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LoadingScreen } from '../../components/loading-screen/LoadingScreen';
import { type BoundFieldProps, useFormField } from '../../lib/form';
import { groupSubjects, pickTicked, subjectKey, tickedOf } from './permission-selection';
import { usePermissionTree } from './roles.resource';
import './texts';

type NodeProps = {
  node: MenuItemNode;
  ticked: ReadonlySet<string>;
  toggle: (subjects: string[], on: boolean) => void;
  disabled: boolean;
};

/**
 * One node: a page ticks alone; a node with pages below ticks or clears itself with all of them, and
 * shows a dash while only part of it is ticked (the group's own page alone is such a part).
 */
function PermissionNode({ node, ticked, toggle, disabled }: NodeProps) {
  const { t } = useTranslation('roles');
  const subjects = groupSubjects(node);
  const count = subjects.filter((subject) => ticked.has(subject)).length;
  const all = count === subjects.length;
  return (
    <Box component="li" sx={{ listStyle: 'none' }}>
      <FormControlLabel
        disabled={disabled}
        label={t(`subjects.${subjectKey(node.subject)}`, { defaultValue: node.subject })}
        control={
          <Checkbox
            size="small"
            checked={all}
            indeterminate={count > 0 && !all}
            onChange={() => toggle(subjects, !all)}
          />
        }
      />
      {node.children && (
        <Box component="ul" sx={{ pl: 3.5, m: 0 }}>
          {node.children.map((child) => (
            <PermissionNode
              key={child.subject}
              node={child}
              ticked={ticked}
              toggle={toggle}
              disabled={disabled}
            />
          ))}
        </Box>
      )}
    </Box>
  );
}

/** A role's menu_items as ticks on the permission tree of GET /core/role/tree-data. */
export const PermissionTreeField = <T extends FieldValues = FieldValues>({
  name,
  label,
  disabled,
}: BoundFieldProps<T>) => {
  const { t } = useTranslation('roles');
  const { field, error, ...bound } = useFormField<T>(name, label, disabled);
  const tree = usePermissionTree();
  const ticked = tickedOf(field.value);
  const groups = tree.data?.filter((node) => node.children?.length) ?? [];
  const singles = tree.data?.filter((node) => !node.children?.length) ?? [];
  const toggle = (subjects: string[], on: boolean) => {
    const next = new Set(ticked);
    for (const subject of subjects) {
      if (on) next.add(subject);
      else next.delete(subject);
    }
    field.onChange(pickTicked(tree.data ?? [], next));
  };

  return (
    <Stack component="fieldset" spacing={1.5} sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ mb: 0.5 }}>
        {bound.label}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('treeHint')}
      </Typography>
      {tree.isError && <Alert severity="error">{tree.error.message}</Alert>}
      {tree.isPending && <LoadingScreen fullPage={false} />}
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          alignItems: 'start',
          gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)', xl: 'repeat(3, 1fr)' },
        }}
      >
        {groups.map((node) => (
          <Card key={node.subject} variant="outlined" sx={{ p: 1.5, pl: 2 }}>
            <Box component="ul" sx={{ p: 0, m: 0 }}>
              <PermissionNode node={node} ticked={ticked} toggle={toggle} disabled={bound.disabled} />
            </Box>
          </Card>
        ))}
        {singles.length > 0 && (
          <Card variant="outlined" sx={{ p: 1.5, pl: 2 }}>
            <Typography variant="overline" color="text.secondary">
              {t('otherModules')}
            </Typography>
            <Box component="ul" sx={{ p: 0, m: 0 }}>
              {singles.map((node) => (
                <PermissionNode
                  key={node.subject}
                  node={node}
                  ticked={ticked}
                  toggle={toggle}
                  disabled={bound.disabled}
                />
              ))}
            </Box>
          </Card>
        )}
      </Box>
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Stack>
  );
};
