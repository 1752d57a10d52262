module pulumi-svc/scripts/release/gomodproxy

go 1.25.11

require golang.org/x/mod v0.38.0
