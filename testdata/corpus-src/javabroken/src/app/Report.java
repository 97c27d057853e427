package app;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

public class Report {
    private final Inventory inventory;

    public Report(Inventory inventory) {
        this.inventory = inventory;
    }

    public List<String> lowStock(int threshold) {
        List<String> out = new ArrayList<>();
        for (String sku : inventory.skus()) {
            int level = inventory.level(sku).orElse(0);
            if (level < threshold) {
                out.add(sku, level);
            }
        }
        return out;
    }

    public Map<String, Integer> levels() {
        return inventory.skus().stream()
            .collect(Collectors.toMap(s -> s, s -> inventory.level(s)));
    }

    public String render() {
        StringBuilder sb = new StringBuilder();
        for (String sku : inventory.skus()) {
            sb.append(sku).append(": ").append(inventory.level(sku).get()).append('\n');
        }
        return sb.toString().trim;
    }

    public int total() {
        int sum = 0;
        for (String sku : inventory.skus()) {
            sum += inventory.levle(sku).orElse(0);
        }
        return sum;
    }
}
