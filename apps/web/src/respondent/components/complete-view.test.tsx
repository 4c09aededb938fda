import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CompleteView } from './complete-view';

const logoUrl = '/api/logos/abc123';

describe('CompleteView', () => {
  it('shows the closing text and a Leave a Review link that opens without opener or referrer', () => {
    render(
      <CompleteView
        logoUrl={logoUrl}
        closingText={'Thanks for visiting Tyre Town.\nSee you soon!'}
        reviewLink="https://reviews.example.com/acme"
      />,
    );
    expect(screen.getByRole('heading', { name: 'Thank you for your feedback!' })).toBeVisible();
    expect(screen.getByText(/Thanks for visiting Tyre Town\./)).toHaveTextContent(
      'Thanks for visiting Tyre Town. See you soon!',
    );
    const review = screen.getByRole('link', { name: /Leave a Review/ });
    expect(review).toHaveAttribute('href', 'https://reviews.example.com/acme');
    expect(review).toHaveAttribute('target', '_blank');
    expect(review).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('img', { name: 'Company logo' })).toBeVisible();
  });

  it('shows only the generic thank-you without a closing text or a review link', () => {
    const { container } = render(<CompleteView logoUrl={null} />);
    expect(screen.getByRole('heading', { name: 'Thank you for your feedback!' })).toBeVisible();
    expect(container.querySelectorAll('p')).toHaveLength(0);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows the closing text but no link when the review link is not http(s)', () => {
    render(<CompleteView logoUrl={logoUrl} closingText="Thank you." reviewLink="javascript:alert(1)" />);
    expect(screen.getByText('Thank you.')).toBeVisible();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
