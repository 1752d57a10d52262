/** Credentials in a request's query never reach an error message: an API key, an access token, or any API's own `...token` parameter. */
import { redactedPath } from "../../provider/http/answer";

describe("redactedPath", () => {
  it("hides the value of every credential parameter, whatever the API calls it", () => {
    const path = redactedPath("https://api.example.com/v1/things?ci-token=s3cret&key=AIza1&access_token=ya29.x&pageToken=p&name=www");
    expect(path).toBe("/v1/things?ci-token=REDACTED&key=REDACTED&access_token=REDACTED&pageToken=REDACTED&name=www");
    expect(path).not.toMatch(/s3cret|AIza1|ya29/);
  });

  it("leaves a path without credentials as it is", () => {
    expect(redactedPath("https://api.example.com/v1/zones/a%20b?maxResults=5")).toBe("/v1/zones/a b?maxResults=5");
  });
});
