// Resources for DNS, calendar, quota, CI, activity-report, ad-mediation and code-host REST APIs, with a local emulator of every API.
package svc
