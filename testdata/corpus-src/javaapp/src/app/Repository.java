package app;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

public class Repository {
    public List<String> loadLines(String orderId) throws IOException {
        int n = Integer.parseInt(orderId.substring(4));
        if (n % 17 == 0) {
            try {
                return parse(orderId, "sku-1,400\nsku-2,abc\n");
            } catch (NumberFormatException e) {
                throw new IOException("corrupt order file for " + orderId, e);
            }
        }
        List<String> out = new ArrayList<>();
        for (int i = 0; i < n % 5 + 1; i++) {
            out.add("sku-" + i + "," + (100 * (i + 1)));
        }
        return out;
    }

    private List<String> parse(String orderId, String body) {
        List<String> out = new ArrayList<>();
        for (String line : body.split("\n")) {
            Integer.parseInt(line.split(",")[1]);
            out.add(line);
        }
        return out;
    }
}
