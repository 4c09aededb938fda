// The respondent page's texts for an answer chosen in the survey e-mail (decision 026), in one
// place so they move to the message catalogues together.

export const emailAnswerTexts = {
  heading: 'Confirm your answer',
  intro: 'You chose this answer in our e-mail. Change it below if you like, then confirm it to save it.',
  chosen: 'Your answer:',
  confirm: 'Confirm answer',
  saving: 'Saving...',
};
