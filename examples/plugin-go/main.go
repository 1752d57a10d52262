// The plugin-yaml example in Go, through the generated Go SDK (sdks/go/svc). Configuration, all
// optional: wwwTtl (300), apiType (A) and apiData (192.0.2.20) of the api record set, quotaProject.
package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"

	"github.com/pulumi-svc/pulumi-svc/sdks/go/svc/calendar"
	"github.com/pulumi-svc/pulumi-svc/sdks/go/svc/dns"
	"github.com/pulumi-svc/pulumi-svc/sdks/go/svc/quotas"
)

func orDefault(value, fallback string) string {
	if value == "" {
		return fallback
	}
	return value
}

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		cfg := config.New(ctx, "")
		ttl := cfg.GetInt("wwwTtl")
		if ttl == 0 {
			ttl = 300
		}
		zone, err := dns.NewManagedZone(ctx, "zone", &dns.ManagedZoneArgs{
			Name:        pulumi.String("plugin-go-zone"),
			DnsName:     pulumi.String("plugin-go.example."),
			Description: pulumi.String("The records of the plugin Go example"),
		})
		if err != nil {
			return err
		}
		if _, err := dns.NewRecordSet(ctx, "www", &dns.RecordSetArgs{
			ManagedZone: zone.Name,
			Name:        pulumi.String("www.plugin-go.example."),
			Type:        dns.RecordSetTypeA,
			Ttl:         pulumi.Int(ttl),
			Rrdatas:     pulumi.StringArray{pulumi.String("192.0.2.10"), pulumi.String("192.0.2.11")},
		}); err != nil {
			return err
		}
		// A CNAME cannot stand beside another type at its name: a change to or from one deletes first.
		if _, err := dns.NewRecordSet(ctx, "api", &dns.RecordSetArgs{
			ManagedZone: zone.Name,
			Name:        pulumi.String("api.plugin-go.example."),
			Type:        dns.RecordSetType(orDefault(cfg.Get("apiType"), "A")),
			Rrdatas:     pulumi.StringArray{pulumi.String(orDefault(cfg.Get("apiData"), "192.0.2.20"))},
		}); err != nil {
			return err
		}
		team, err := calendar.NewCalendar(ctx, "calendar", &calendar.CalendarArgs{Summary: pulumi.String("Plugin Go team")})
		if err != nil {
			return err
		}
		if _, err := calendar.NewAclRule(ctx, "reader", &calendar.AclRuleArgs{
			CalendarId: team.CalendarId,
			Scope:      calendar.AclRuleScopeArgs{Type: calendar.AclRuleScopeTypeUser, Value: pulumi.String("ann@example.com")},
			Role:       calendar.AclRuleRoleReader,
		}); err != nil {
			return err
		}
		if _, err := quotas.NewQuotaPreference(ctx, "cpus", &quotas.QuotaPreferenceArgs{
			Project:           pulumi.String(orDefault(cfg.Get("quotaProject"), "quota-project")),
			QuotaPreferenceId: pulumi.String("plugin-go-cpus"),
			Service:           pulumi.String("compute.googleapis.com"),
			QuotaId:           pulumi.String("CPUS-per-project-region"),
			Dimensions:        pulumi.StringMap{"region": pulumi.String("us-central1")},
			PreferredValue:    pulumi.String("24"),
			Justification:     pulumi.String("steady state"),
		}); err != nil {
			return err
		}
		ctx.Export("nameServers", zone.NameServers)
		ctx.Export("calendarId", team.CalendarId)
		return nil
	})
}
