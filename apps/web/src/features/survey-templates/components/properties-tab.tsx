import { type AlertCondition, isPropertyCondition, type SurveyProperty } from '@graphium/shared';
import { Plus, Search, UserRound } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { useLastDefined } from '@/lib/use-last-defined';
import { ConfirmDialog } from './confirm-dialog';
import { EditDeleteButtons } from './edit-delete-buttons';
import { PropertyFormModal } from './property-form-modal';
import { propertyTypeLabels } from './property-types';
import { SearchInput } from './search-input';
import { TabHeading } from './tab-heading';
import { TabState } from './tab-state';
import { useTemplateEditor } from './template-context';

function matches(property: SurveyProperty, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [property.label, property.type, propertyTypeLabels[property.type]].some((text) =>
    text.toLowerCase().includes(needle),
  );
}

/**
 * Properties tab (docs/product-rules.md#the-respondent-page): a searchable table of the respondent
 * properties.
 */
export function PropertiesTab() {
  const { config } = useTemplateEditor();
  return (
    <TabState
      loading="Loading properties..."
      error={(message) => `${config.texts.propertiesError}: ${message}`}
    >
      <PropertiesPanel />
    </TabState>
  );
}

function PropertiesPanel() {
  const { version, canEdit, canEditDefinition, roleBlock, save, isSaving } = useTemplateEditor();
  const [search, setSearch] = useState('');
  const [isAddOpen, setIsAddOpen] = useState(false);
  const [edited, setEdited] = useState<SurveyProperty>();
  const [deleted, setDeleted] = useState<SurveyProperty>();
  const shownEdited = useLastDefined(edited);
  const shownDeleted = useLastDefined(deleted);
  const properties = version.definition.properties;
  const shown = properties.filter((property) => matches(property, search));

  const remove = async () => {
    if (!deleted) return;
    try {
      // Alerts lose their conditions on the deleted property; alerts left with none go too (decision 035).
      const isOnDeleted = (condition: AlertCondition) =>
        isPropertyCondition(condition) && condition.surveyPropertyId === deleted.id;
      const isAlertChanged = version.settings.alerts.some((alert) => alert.conditions.some(isOnDeleted));
      const alerts = version.settings.alerts
        .map((alert) => ({ ...alert, conditions: alert.conditions.filter((item) => !isOnDeleted(item)) }))
        .filter((alert) => alert.conditions.length > 0);
      await save(
        {
          definition: {
            ...version.definition,
            properties: properties.filter((property) => property.id !== deleted.id),
          },
          ...(isAlertChanged ? { settings: { ...version.settings, alerts } } : {}),
        },
        {
          pending: 'Deleting property...',
          success: 'Property deleted successfully!',
          error: 'Failed to delete property.',
        },
      );
    } catch {
      return;
    }
    setDeleted(undefined);
  };

  // A viewer sees the action and why not; on a published version it is simply not there.
  const addButton = (canEditDefinition || !canEdit) && (
    <Button onClick={() => setIsAddOpen(true)} disabledReason={roleBlock('add properties')}>
      <Plus className="size-4" aria-hidden="true" />
      Add Property
    </Button>
  );

  return (
    <section>
      <TabHeading
        title="Properties"
        description="What you know about each respondent, filled in when a survey is sent."
        action={addButton}
      />
      {properties.length === 0 ? (
        <EmptyState icon={UserRound} title="No Properties Yet" action={addButton}>
          Properties such as a first name or a store describe each respondent. Use them in the opening and
          closing texts as [Property Label].
        </EmptyState>
      ) : (
        <>
          <div className="mb-4">
            <SearchInput
              label="Search properties"
              placeholder="Search properties..."
              value={search}
              onChange={setSearch}
            />
          </div>
          {shown.length === 0 ? (
            <EmptyState
              icon={Search}
              title="No Properties Found"
              action={
                <Button variant="secondary" onClick={() => setSearch('')}>
                  Clear Search
                </Button>
              }
            >
              No property matches “{search.trim()}”.
            </EmptyState>
          ) : (
            <div className="relative overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-gray-200">
              <table className="min-w-full divide-y divide-gray-200 text-left text-sm">
                <caption className="sr-only">Properties</caption>
                <thead className="bg-gray-50">
                  <tr>
                    {['Name', 'Type', 'Required', 'Reports'].map((header) => (
                      <th
                        key={header}
                        scope="col"
                        className="px-4 py-3 font-semibold whitespace-nowrap text-gray-900"
                      >
                        {header}
                      </th>
                    ))}
                    {canEditDefinition && (
                      <th scope="col" className="px-4 py-3 font-semibold text-gray-900">
                        <span className="sr-only">Actions</span>
                      </th>
                    )}
                  </tr>
                </thead>
                <tbody className="divide-y divide-gray-200">
                  {shown.map((property) => (
                    <tr key={property.id} className="hover:bg-gray-50">
                      <td className="px-4 py-3 font-medium text-gray-900">
                        {property.label}
                        {property.validation.authentication && (
                          <span className="ml-2">
                            <Badge tone="indigo">Authentication</Badge>
                          </span>
                        )}
                      </td>
                      <td className="px-4 py-3">
                        <Badge tone="blue">{propertyTypeLabels[property.type]}</Badge>
                      </td>
                      <td className="px-4 py-3 text-gray-700">
                        {property.validation.required ? 'Required' : 'Optional'}
                      </td>
                      <td className="px-4 py-3 text-gray-700">
                        {property.visibleInReportsAndFiltering ? 'Visible' : 'Hidden'}
                      </td>
                      {canEditDefinition && (
                        <td className="px-4 py-2 text-right whitespace-nowrap">
                          <EditDeleteButtons
                            name={property.label}
                            onEdit={() => setEdited(property)}
                            onDelete={() => setDeleted(property)}
                          />
                        </td>
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
      <PropertyFormModal isOpen={isAddOpen} onOpenChange={setIsAddOpen} />
      <PropertyFormModal
        isOpen={edited !== undefined}
        onOpenChange={(isOpen) => !isOpen && setEdited(undefined)}
        property={shownEdited}
      />
      <ConfirmDialog
        isOpen={deleted !== undefined}
        onOpenChange={(isOpen) => !isOpen && setDeleted(undefined)}
        title="Delete Property"
        description={`Are you sure you want to delete ${shownDeleted?.label ?? 'this property'}?`}
        confirmLabel="Delete"
        onConfirm={remove}
        isPending={isSaving}
      />
    </section>
  );
}
