import type { CategorySummary } from '../../contracts/catalog';

/** Departments followed by their subcategories, indented, for the category filter. */
export function categoryChoices(
  categories: CategorySummary[],
): { id: string; name: string; depth: number }[] {
  return categories
    .filter((category) => category.parentId === null)
    .flatMap((department) => [
      { id: department.id, name: department.name, depth: 0 },
      ...categories
        .filter((category) => category.parentId === department.id)
        .map((category) => ({ id: category.id, name: category.name, depth: 1 })),
    ]);
}
