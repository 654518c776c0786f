const MAX_RATING = 5;

/** Five stars, as many filled as the rating; read aloud as 'Rated 4 out of 5'. */
export function BookRating({ rating }: { rating: number | null }) {
  if (!rating) return null;
  return (
    <span className="book-rating" role="img" aria-label={`Rated ${rating} out of ${MAX_RATING}`}>
      {Array.from({ length: MAX_RATING }, (_, index) => (
        <span
          key={index}
          className={index < rating ? 'book-rating__star--on' : 'book-rating__star'}
          aria-hidden="true"
        >
          ★
        </span>
      ))}
    </span>
  );
}
