package api

import (
	_ "embed"
	"encoding/json"
)

//go:embed audit-labels.json
var auditLabelsJSON []byte

// AuditLabels are the pt-BR names of the audit trail's kinds, actions and
// known fields; the console reads the same file.
var AuditLabels struct {
	Kinds   map[string]string `json:"kinds"`
	Actions map[string]string `json:"actions"`
	Fields  map[string]string `json:"fields"`
}

func init() {
	if err := json.Unmarshal(auditLabelsJSON, &AuditLabels); err != nil {
		panic("api: audit-labels.json is not valid: " + err.Error())
	}
}

// AuditLabel is the pt-BR name in labels of key, or key itself when the
// file does not name it.
func AuditLabel(labels map[string]string, key string) string {
	if l, ok := labels[key]; ok {
		return l
	}
	return key
}
