import { zodResolver } from '@hookform/resolvers/zod';
import { ZGrantOperatorRoleRequest } from '@cypher/contract';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { applyApiError } from '../../../api/form-errors.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Field } from '../../../ui/field.tsx';
import { Input } from '../../../ui/input.tsx';
import { Select } from '../../../ui/select.tsx';
import { useToast } from '../../../ui/use-toast.ts';
import { useGrantOperatorRole } from '../api/grant-operator-role.ts';
import { BrandSelect } from '../components/brand-select.tsx';
import { ControlledField } from '../components/controlled-field.tsx';
import { idOrNull } from '../form-values.ts';
import styles from '../components/console-form.module.css';
import { useUnsavedChanges } from '../../../ui/unsaved-changes.ts';

type TValues = z.input<typeof ZGrantOperatorRoleRequest>;
type TOutput = z.output<typeof ZGrantOperatorRoleRequest>;

const empty: TValues = { email: '', role: 'brand_manager', brandId: null };

/** Give an existing account a role: admin, or brand manager of one brand. */
export function GrantOperatorForm() {
  const grant = useGrantOperatorRole();
  const { showToast } = useToast();
  const form = useForm<TValues, unknown, TOutput>({
    resolver: zodResolver(ZGrantOperatorRoleRequest),
    defaultValues: empty,
  });
  const { markSaved } = useUnsavedChanges(form, 'role');
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = form;
  const role = useWatch({ control, name: 'role' });

  const onSubmit = handleSubmit(async (request) => {
    try {
      const granted = await grant.mutateAsync(request);
      markSaved();
      showToast({
        tone: 'success',
        title: `${granted.user.email} is now ${granted.role === 'admin' ? 'an admin' : 'a brand manager'}`,
      });
      reset(empty);
    } catch (error) {
      applyApiError(error, setError, {
        fields: ['email', 'role', 'brandId'],
        fieldForCode: {
          USER_ID_NOT_FOUND: 'email',
          NOT_FOUND: 'email',
          OPERATOR_ROLE_ALREADY_GRANTED: 'email',
          OPERATOR_EMAIL_NOT_VERIFIED: 'email',
        },
      });
    }
  });

  return (
    <form className={styles.card} onSubmit={onSubmit} noValidate aria-labelledby="grant-heading">
      <h2 id="grant-heading" className={styles.cardTitle}>
        Add an operator
      </h2>
      {errors.root?.server ? <Alert tone="error">{errors.root.server.message}</Alert> : null}
      <div className={styles.grid}>
        <Field label="Email of an existing account" error={errors.email?.message} isRequired className={styles.full}>
          {(props) => <Input {...props} type="email" autoComplete="off" {...register('email')} />}
        </Field>
        <Field label="Role" error={errors.role?.message} isRequired>
          {(props) => (
            <Select {...props} {...register('role')}>
              <option value="brand_manager">Brand manager</option>
              <option value="admin">Admin</option>
            </Select>
          )}
        </Field>
        {role === 'brand_manager' ? (
          <ControlledField control={control} name="brandId" label="Brand" isRequired>
            {(props, field) => (
              <BrandSelect
                {...props}
                ref={field.ref}
                value={field.value}
                onChange={(brandId) => field.onChange(idOrNull(brandId))}
                onBlur={field.onBlur}
              />
            )}
          </ControlledField>
        ) : null}
      </div>
      <div>
        <Button type="submit" variant="primary" isLoading={grant.isPending}>
          Grant role
        </Button>
      </div>
    </form>
  );
}
