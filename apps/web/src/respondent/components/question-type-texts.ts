// The respondent page's fixed texts of the added question types (decision 027), in one
// module so the message catalogues can take them over.

export const questionTypeTexts = {
  moveUp: (option: string) => `Move ${option} up`,
  moveDown: (option: string) => `Move ${option} down`,
  moveUpShort: 'Move up',
  moveDownShort: 'Move down',
  rankingHint: 'Put the options in order, most important first: drag them or use Move up and Move down.',
  keepOrder: 'Keep this order',
  movedTo: (option: string, position: number, total: number) =>
    `${option} moved to position ${position} of ${total}`,
  position: (position: number) => `${position}.`,
  dateRange: (min: string, max: string) =>
    min && max
      ? `Choose a date from ${min} to ${max}.`
      : min
        ? `Choose a date on or after ${min}.`
        : `Choose a date on or before ${max}.`,
  /** CSAT's five faces, from 1 to 5. */
  faces: ['Very dissatisfied', 'Dissatisfied', 'Neutral', 'Satisfied', 'Very satisfied'],
  stars: (count: number) => (count === 1 ? '1 star' : `${count} stars`),
} as const;
