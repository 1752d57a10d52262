// The plugin-yaml example in Java, through the generated Java SDK (sdks/java, com.pulumi:svc). Configuration, all
// optional: wwwTtl (300), apiType (A) and apiData (192.0.2.20) of the api record set, quotaProject (quota-project).
package pluginjava;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import com.pulumi.svc.calendar.AclRule;
import com.pulumi.svc.calendar.AclRuleArgs;
import com.pulumi.svc.calendar.Calendar;
import com.pulumi.svc.calendar.CalendarArgs;
import com.pulumi.svc.calendar.enums.AclRuleRole;
import com.pulumi.svc.calendar.enums.AclRuleScopeType;
import com.pulumi.svc.calendar.inputs.AclRuleScopeArgs;
import com.pulumi.svc.dns.DnsFunctions;
import com.pulumi.svc.dns.ManagedZone;
import com.pulumi.svc.dns.ManagedZoneArgs;
import com.pulumi.svc.dns.RecordSet;
import com.pulumi.svc.dns.RecordSetArgs;
import com.pulumi.svc.dns.enums.RecordSetType;
import com.pulumi.svc.dns.inputs.GetManagedZoneArgs;
import com.pulumi.svc.quotas.QuotaPreference;
import com.pulumi.svc.quotas.QuotaPreferenceArgs;
import java.util.Arrays;
import java.util.Map;

public class App {
    public static void main(String[] args) {
        Pulumi.run(App::stack);
    }

    private static void stack(Context ctx) {
        var config = ctx.config();
        var zone = new ManagedZone("zone", ManagedZoneArgs.builder()
            .name("plugin-java-zone")
            .dnsName("plugin-java.example.")
            .description("The records of the plugin Java example")
            .build());
        new RecordSet("www", RecordSetArgs.builder()
            .managedZone(zone.name())
            .name("www.plugin-java.example.")
            .type(RecordSetType.A)
            .ttl(config.getInteger("wwwTtl").orElse(300))
            .rrdatas("192.0.2.10", "192.0.2.11")
            .build());
        // A CNAME cannot stand beside another type at its name: a change to or from one deletes first.
        new RecordSet("api", RecordSetArgs.builder()
            .managedZone(zone.name())
            .name("api.plugin-java.example.")
            .type(recordType(config.get("apiType").orElse("A")))
            .rrdatas(config.get("apiData").orElse("192.0.2.20"))
            .build());
        var team = new Calendar("calendar", CalendarArgs.builder().summary("Plugin Java team").build());
        new AclRule("reader", AclRuleArgs.builder()
            .calendarId(team.calendarId())
            .scope(AclRuleScopeArgs.builder().type(AclRuleScopeType.User).value("ann@example.com").build())
            .role(AclRuleRole.Reader)
            .build());
        new QuotaPreference("cpus", QuotaPreferenceArgs.builder()
            .project(config.get("quotaProject").orElse("quota-project"))
            .quotaPreferenceId("plugin-java-cpus")
            .service("compute.googleapis.com")
            .quotaId("CPUS-per-project-region")
            .dimensions(Map.of("region", "us-central1"))
            .preferredValue("24")
            .justification("steady state")
            .build());
        // A read function: the zone as the API describes it, once it exists.
        var read = DnsFunctions.getManagedZone(GetManagedZoneArgs.builder().managedZone(zone.name()).build());

        ctx.export("nameServers", zone.nameServers());
        ctx.export("calendarId", team.calendarId());
        ctx.export("readDnsName", read.applyValue(result -> result.dnsName()));
    }

    /** The record type named by its value ("A", "CNAME", ...). */
    private static RecordSetType recordType(String value) {
        return Arrays.stream(RecordSetType.values())
            .filter(type -> type.getValue().equals(value))
            .findFirst()
            .orElseThrow(() -> new IllegalArgumentException("not a record type: " + value));
    }
}
