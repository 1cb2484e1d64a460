// `sub_view_title` = `<sub_type>.<sub_order, zero-padded to 2 when numeric> <sub_title>` (docs/architecture.md, Decisions).

export function formatOrder(order: string): string {
  return /^\d+$/.test(order) ? order.padStart(2, '0') : order;
}

export function subViewTitle(type: string, order: string, title: string): string {
  return `${type}.${formatOrder(order)} ${title}`;
}
