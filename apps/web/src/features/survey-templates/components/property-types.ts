import type { PropertyType } from '@graphium/shared';

export const propertyTypeLabels: Record<PropertyType, string> = {
  Text: 'Text',
  Number: 'Number',
  Date: 'Date',
  DateTime: 'Date & Time',
  Boolean: 'Boolean',
  ListItem: 'List Item',
};
