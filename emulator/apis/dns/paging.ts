/** Cloud DNS lists page with `maxResults`: 1000 items when not told otherwise, and never more. */
import { pagingBy } from "../../google/paging";

export { compareNumericStrings, compareStrings } from "../../google/paging";
export const { paginate, paginateByCreation } = pagingBy({ parameter: "maxResults", defaultSize: 1000, maxSize: 1000 });
