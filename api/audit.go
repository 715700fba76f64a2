package api

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
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

// AuditFieldLabel is the pt-BR name of a recorded change's field, whose
// path names the parts inside lists and objects: "entries[17].displayTime"
// reads "Itens nº 18 › Tempo de exibição", "entries[3:5]" "Itens nº 4 a 5",
// "entries[3:3]" (items put in before the fourth) "Itens: novos na
// posição 4". The console's fieldLabel says the same.
func AuditFieldLabel(path string) string {
	parts := strings.Split(path, ".")
	for i, p := range parts {
		parts[i] = auditSegmentLabel(p)
	}
	return strings.Join(parts, " › ")
}

func auditSegmentLabel(seg string) string {
	name, index, ok := strings.Cut(seg, "[")
	if !ok || !strings.HasSuffix(index, "]") {
		return AuditLabel(AuditLabels.Fields, seg)
	}
	label := AuditLabel(AuditLabels.Fields, name)
	from, to, isRange := strings.Cut(strings.TrimSuffix(index, "]"), ":")
	a, err := strconv.Atoi(from)
	if err != nil {
		return AuditLabel(AuditLabels.Fields, seg)
	}
	if !isRange {
		return fmt.Sprintf("%s nº %d", label, a+1)
	}
	b, err := strconv.Atoi(to)
	switch {
	case err != nil:
		return AuditLabel(AuditLabels.Fields, seg)
	case b <= a:
		return fmt.Sprintf("%s: novos na posição %d", label, a+1)
	case b == a+1:
		return fmt.Sprintf("%s nº %d", label, a+1)
	default:
		return fmt.Sprintf("%s nº %d a %d", label, a+1, b)
	}
}
