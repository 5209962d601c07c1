module github.com/smarthome-console/infra/mailcapture

// 1.22 for the method/wildcard patterns of net/http.ServeMux. Stdlib only, so
// building it never needs the module proxy.
go 1.22
