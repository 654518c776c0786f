import { PlaceholderPage } from '../components/placeholder-page';

export default function PostPage() {
  return <PlaceholderPage title="Post" />;
}
