export type ListItem = {
  title: string;
  description?: string;
  icon?: string;
  image?: string;
  url?: string;
};
